package dev.baton.loadgen;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

/**
 * The load generator starts fast and runs anywhere: no Spring, no Kafka. The report reads
 * load results but never drives load.
 */
@AnalyzeClasses(packages = "dev.baton.loadgen", importOptions = ImportOption.DoNotIncludeTests.class)
class ArchitectureTests {

	@ArchTest
	static final ArchRule useNoSpringOrKafka = noClasses().should()
		.dependOnClassesThat()
		.resideInAnyPackage("org.springframework..", "org.apache.kafka..");

	@ArchTest
	static final ArchRule reportDoesNotDriveLoad = noClasses().that()
		.resideInAPackage("dev.baton.loadgen.report..")
		.should()
		.dependOnClassesThat()
		.haveSimpleNameStartingWith("OpenLoad");

}
