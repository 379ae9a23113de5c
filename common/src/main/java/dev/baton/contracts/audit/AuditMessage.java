package dev.baton.contracts.audit;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;

/**
 * Everything that may be published on {@code audit}, keyed by subject.
 */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "type")
@JsonSubTypes(@JsonSubTypes.Type(AuditRecorded.class))
@JsonIgnoreProperties(ignoreUnknown = true)
public sealed interface AuditMessage permits AuditRecorded {

	String subject();

}
