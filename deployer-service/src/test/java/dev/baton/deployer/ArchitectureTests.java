package dev.baton.deployer;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

class ArchitectureTests {

	private final JavaClasses classes = new ClassFileImporter()
		.withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
		.importPackages("dev.baton.deployer");

	@Test
	void domainPackagesKnowNeitherKafkaNorSpring() {
		noClasses().that()
			.resideInAnyPackage("dev.baton.deployer.rollout..", "dev.baton.deployer.fleet..",
					"dev.baton.deployer.runtime..", "dev.baton.deployer.control..", "dev.baton.deployer.canary..")
			.should()
			.dependOnClassesThat()
			.resideInAnyPackage("org.springframework..", "org.apache.kafka..", "dev.baton.kafka..")
			.check(this.classes);
	}

	@Test
	void domainPackagesDoNotReachIntoTheirAdapters() {
		noClasses().that()
			.resideInAnyPackage("dev.baton.deployer.rollout..", "dev.baton.deployer.fleet..",
					"dev.baton.deployer.runtime..", "dev.baton.deployer.control..", "dev.baton.deployer.canary..")
			.should()
			.dependOnClassesThat()
			.resideInAnyPackage("dev.baton.deployer.kafka..", "dev.baton.deployer.config..")
			.check(this.classes);
	}

}
