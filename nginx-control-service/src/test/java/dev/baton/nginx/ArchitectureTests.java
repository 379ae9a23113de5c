package dev.baton.nginx;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

class ArchitectureTests {

	private final JavaClasses classes = new ClassFileImporter()
		.withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
		.importPackages("dev.baton.nginx");

	@Test
	void domainPackagesKnowNothingOfKafka() {
		noClasses().that()
			.resideInAnyPackage("dev.baton.nginx.peers..", "dev.baton.nginx.sync..", "dev.baton.nginx.dataplane..",
					"dev.baton.nginx.stats..")
			.should()
			.dependOnClassesThat()
			.resideInAnyPackage("org.springframework.kafka..", "org.apache.kafka..")
			.check(this.classes);
	}

	@Test
	void domainPackagesMeasureOnlyThroughTheirPort() {
		noClasses().that()
			.resideInAnyPackage("dev.baton.nginx.peers..", "dev.baton.nginx.sync..", "dev.baton.nginx.dataplane..",
					"dev.baton.nginx.stats..")
			.should()
			.dependOnClassesThat()
			.resideInAnyPackage("io.micrometer..")
			.check(this.classes);
	}

	@Test
	void domainPackagesKnowNothingOfSpring() {
		noClasses().that()
			.resideInAnyPackage("dev.baton.nginx.peers..", "dev.baton.nginx.sync..", "dev.baton.nginx.dataplane..",
					"dev.baton.nginx.stats..")
			.should()
			.dependOnClassesThat()
			.resideInAnyPackage("org.springframework..")
			.check(this.classes);
	}

}
