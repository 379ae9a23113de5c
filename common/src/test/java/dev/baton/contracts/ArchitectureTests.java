package dev.baton.contracts;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

/**
 * Contracts are read by every service and by non-Java producers' authors: they depend on
 * nothing but the JDK and Jackson's annotations.
 */
@AnalyzeClasses(packages = "dev.baton.contracts", importOptions = ImportOption.DoNotIncludeTests.class)
class ArchitectureTests {

	@ArchTest
	static final ArchRule importNoSpring = noClasses().should()
		.dependOnClassesThat()
		.resideInAnyPackage("org.springframework..", "org.apache.kafka..", "tools.jackson..");

	@ArchTest
	static final ArchRule messagesAreRecords = classes().that()
		.resideInAnyPackage("dev.baton.contracts.*")
		.and()
		.areNotInterfaces()
		.and()
		.areNotEnums()
		.and()
		.doNotHaveSimpleName("package-info")
		.should()
		.beRecords();

}
