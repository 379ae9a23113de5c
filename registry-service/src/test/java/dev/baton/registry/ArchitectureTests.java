package dev.baton.registry;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

/**
 * The lifecycle, the gates, the expected versions and the registry's use cases are plain
 * Java: they can be read, tested and replaced without Kafka or Spring.
 */
@AnalyzeClasses(packages = "dev.baton.registry", importOptions = ImportOption.DoNotIncludeTests.class)
class ArchitectureTests {

	@ArchTest
	static final ArchRule domainImportsNoKafkaNorSpring = noClasses().that()
		.resideInAnyPackage("..registry.lifecycle..", "..registry.gates..", "..registry.membership..",
				"..registry.versions..")
		.should()
		.dependOnClassesThat()
		.resideInAnyPackage("org.springframework..", "org.apache.kafka..", "dev.baton.kafka..");

}
