package dev.baton.contracts;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
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

	/**
	 * A contract that carries an endpoint as flat {@code host} and {@code port} fields
	 * checks them with the one shared check; only a deregistration, which may name its
	 * instance by id alone, has an optional endpoint instead.
	 */
	@ArchTest
	static final ArchRule hostAndPortFieldsShareOneCheck = classes().that(haveHostAndPortFields())
		.and()
		.doNotHaveSimpleName("Endpoint")
		.and()
		.doNotHaveSimpleName("InstanceDeregistered")
		.should()
		.implement(EndpointFields.class);

	private static DescribedPredicate<JavaClass> haveHostAndPortFields() {
		return DescribedPredicate.describe("have host and port fields",
				(type) -> type.tryGetField("host").isPresent() && type.tryGetField("port").isPresent());
	}

}
