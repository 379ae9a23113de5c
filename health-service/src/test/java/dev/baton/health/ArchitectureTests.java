package dev.baton.health;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

class ArchitectureTests {

	private final JavaClasses classes = new ClassFileImporter()
		.withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
		.importPackages("dev.baton.health");

	@Test
	void domainPackagesImportNoSpringKafka() {
		noClasses().that()
			.resideInAnyPackage("dev.baton.health.probe..", "dev.baton.health.verdict..", "dev.baton.health.fleet..",
					"dev.baton.health.metrics..", "dev.baton.health.recovery..")
			.should()
			.dependOnClassesThat()
			.resideInAnyPackage("org.springframework.kafka..", "org.apache.kafka..")
			.check(this.classes);
	}

	@Test
	void probingAndVerdictsImportNoSpringAtAll() {
		noClasses().that()
			.resideInAnyPackage("dev.baton.health.probe..", "dev.baton.health.verdict..", "dev.baton.health.fleet..",
					"dev.baton.health.recovery..")
			.should()
			.dependOnClassesThat()
			.resideInAnyPackage("org.springframework..")
			.check(this.classes);
	}

}
