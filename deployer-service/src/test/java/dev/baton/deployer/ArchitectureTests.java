package dev.baton.deployer;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.Architectures.layeredArchitecture;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

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

	/**
	 * The rollout's parts build on one another: planning first, then its ports,
	 * collecting answers, the steps, the surge, running a deploy and recovering after a
	 * restart, each using only those before it.
	 */
	@Test
	void rolloutPartsUseOnlyThePartsBeforeThem() {
		layeredArchitecture().consideringOnlyDependenciesInLayers()
			.layer("plan")
			.definedBy("dev.baton.deployer.rollout.plan")
			.layer("ports")
			.definedBy("dev.baton.deployer.rollout")
			.layer("answer")
			.definedBy("dev.baton.deployer.rollout.answer")
			.layer("step")
			.definedBy("dev.baton.deployer.rollout.step")
			.layer("surge")
			.definedBy("dev.baton.deployer.rollout.surge")
			.layer("run")
			.definedBy("dev.baton.deployer.rollout.run")
			.layer("recovery")
			.definedBy("dev.baton.deployer.rollout.recovery")
			.whereLayer("recovery")
			.mayNotBeAccessedByAnyLayer()
			.whereLayer("run")
			.mayOnlyBeAccessedByLayers("recovery")
			.whereLayer("surge")
			.mayOnlyBeAccessedByLayers("run", "recovery")
			.whereLayer("step")
			.mayOnlyBeAccessedByLayers("surge", "run", "recovery")
			.whereLayer("answer")
			.mayOnlyBeAccessedByLayers("step", "surge", "run", "recovery")
			.whereLayer("ports")
			.mayOnlyBeAccessedByLayers("answer", "step", "surge", "run", "recovery")
			.check(this.classes);
	}

	@Test
	void rolloutPartsHaveNoCycles() {
		slices().matching("dev.baton.deployer.rollout.(*)..").should().beFreeOfCycles().check(this.classes);
	}

}
