package dev.baton.deployer.runtime.supervisord;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;

import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.xml.sax.SAXException;

/**
 * The XML-RPC encoding, as far as supervisord uses it: calls with string, int and boolean
 * parameters; answers of strings, numbers, booleans, arrays and structs, or a fault. The
 * parser takes no document type, so an answer cannot make it read a file.
 */
final class XmlRpc {

	private XmlRpc() {
	}

	static byte[] call(String method, Object... parameters) {
		StringBuilder xml = new StringBuilder("<?xml version=\"1.0\"?><methodCall><methodName>").append(method)
			.append("</methodName><params>");
		for (Object parameter : parameters) {
			xml.append("<param><value>");
			if (parameter instanceof Boolean bool) {
				xml.append("<boolean>").append(bool ? 1 : 0).append("</boolean>");
			}
			else if (parameter instanceof Integer number) {
				xml.append("<int>").append(number).append("</int>");
			}
			else {
				xml.append("<string>").append(escape(parameter.toString())).append("</string>");
			}
			xml.append("</value></param>");
		}
		return xml.append("</params></methodCall>").toString().getBytes(StandardCharsets.UTF_8);
	}

	/**
	 * Reads an answer.
	 * @return the value it carries
	 * @throws SupervisorFault when it is a fault
	 * @throws IOException when it is not XML-RPC
	 */
	static Object answer(byte[] body) throws SupervisorFault, IOException {
		Element response;
		try {
			DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
			factory.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
			factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
			response = factory.newDocumentBuilder().parse(new ByteArrayInputStream(body)).getDocumentElement();
		}
		catch (ParserConfigurationException | SAXException ex) {
			throw new IOException("supervisord's answer is not XML-RPC: " + ex.getMessage(), ex);
		}
		Element fault = child(response, "fault");
		if (fault != null) {
			Map<?, ?> details = (Map<?, ?>) value(child(fault, "value"));
			throw new SupervisorFault(((Number) details.get("faultCode")).intValue(),
					String.valueOf(details.get("faultString")));
		}
		Element param = child(child(response, "params"), "param");
		if (param == null) {
			throw new IOException("supervisord's answer carries no value");
		}
		return value(child(param, "value"));
	}

	private static Object value(Element value) throws IOException {
		Element typed = firstElement(value);
		if (typed == null) {
			return value.getTextContent();
		}
		String text = typed.getTextContent().strip();
		return switch (typed.getTagName()) {
			case "int", "i4", "i8" -> Integer.valueOf(text);
			case "boolean" -> "1".equals(text);
			case "double" -> Double.valueOf(text);
			case "nil" -> null;
			case "array" -> array(child(typed, "data"));
			case "struct" -> struct(typed);
			default -> typed.getTextContent();
		};
	}

	private static List<Object> array(Element data) throws IOException {
		List<Object> values = new ArrayList<>();
		for (Node node = (data != null) ? data.getFirstChild() : null; node != null; node = node.getNextSibling()) {
			if (node instanceof Element element && element.getTagName().equals("value")) {
				values.add(value(element));
			}
		}
		return values;
	}

	private static Map<String, Object> struct(Element struct) throws IOException {
		Map<String, Object> members = new LinkedHashMap<>();
		for (Node node = struct.getFirstChild(); node != null; node = node.getNextSibling()) {
			if (node instanceof Element member && member.getTagName().equals("member")) {
				members.put(child(member, "name").getTextContent(), value(child(member, "value")));
			}
		}
		return members;
	}

	private static Element child(Element parent, String name) {
		for (Node node = (parent != null) ? parent.getFirstChild() : null; node != null; node = node.getNextSibling()) {
			if (node instanceof Element element && element.getTagName().equals(name)) {
				return element;
			}
		}
		return null;
	}

	private static Element firstElement(Element parent) {
		for (Node node = parent.getFirstChild(); node != null; node = node.getNextSibling()) {
			if (node instanceof Element element) {
				return element;
			}
		}
		return null;
	}

	private static String escape(String text) {
		return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
	}

}
