package dev.baton.client;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

/**
 * The starter stays light for the apps that add it: plain kafka-clients and Jackson 3,
 * neither Spring Kafka nor Baton's service conventions.
 */
@AnalyzeClasses(packages = "dev.baton.client", importOptions = ImportOption.DoNotIncludeTests.class)
class ArchitectureTests {

	@ArchTest
	static final ArchRule useNoSpringKafka = noClasses().should()
		.dependOnClassesThat()
		.resideInAnyPackage("org.springframework.kafka..", "dev.baton.kafka..", "com.fasterxml.jackson.databind..");

}
