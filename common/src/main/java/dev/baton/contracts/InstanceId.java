package dev.baton.contracts;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;

/**
 * Identifies one instance of a service across restarts and versions. Apps and scalers may
 * choose it (a supervisor program name such as {@code orders-1}, say); otherwise it is
 * derived from the service and the endpoint.
 *
 * @param value the id, {@code [A-Za-z0-9][A-Za-z0-9._:-]{0,127}}
 */
public record InstanceId(@JsonValue String value) {

	public InstanceId {
		Ids.require("instance id", value);
	}

	@JsonCreator
	public static InstanceId of(String value) {
		return new InstanceId(value);
	}

	/**
	 * The id an instance gets when its registration names none.
	 * @param service the service
	 * @param endpoint where it listens
	 * @return {@code service-host-port}, with the colons of an IPv6 host kept
	 */
	public static InstanceId derived(ServiceName service, Endpoint endpoint) {
		return new InstanceId(service.value() + "-" + endpoint.host() + "-" + endpoint.port());
	}

	@Override
	public String toString() {
		return this.value;
	}

}
