package dev.baton.console;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

/**
 * What the page shows is plain Java: it can be read, tested and replaced without Kafka,
 * Spring or a servlet container.
 */
@AnalyzeClasses(packages = "dev.baton.console", importOptions = ImportOption.DoNotIncludeTests.class)
class ArchitectureTests {

	@ArchTest
	static final ArchRule viewImportsNoKafkaNorSpring = noClasses().that()
		.resideInAnyPackage("..console.view..")
		.should()
		.dependOnClassesThat()
		.resideInAnyPackage("org.springframework..", "org.apache.kafka..", "dev.baton.kafka..", "jakarta..");

}
