import java.lang.reflect.Field;
import java.lang.reflect.Method;

/**
 * DynamoDB Local bound to one address. Its own main (ServerRunner) listens on every interface and
 * has no option to choose, so this launcher builds the server from the same command line, sets the
 * address on its Jetty connectors before they open, and starts it. By reflection only, so it needs
 * nothing at compile time and fails loudly (the platform does not start) if the jar changes shape.
 *
 *   java -Dbioscope.host=127.0.0.1 -cp <this folder>:DynamoDBLocal.jar LoopbackDynamoDBLocal -port 8000 …
 *
 * Built with `javac --release 8 -d . LoopbackDynamoDBLocal.java`; the .class beside it is that build,
 * so a Java runtime without a compiler runs it.
 */
public final class LoopbackDynamoDBLocal {
  public static void main(String[] args) throws Exception {
    String host = System.getProperty("bioscope.host", "127.0.0.1");
    Class<?> runner = Class.forName("com.amazonaws.services.dynamodbv2.local.main.ServerRunner");
    Object proxy = runner.getMethod("createServerFromCommandLineArgs", String[].class).invoke(null, (Object) args);
    Field jettyField = proxy.getClass().getDeclaredField("server");
    jettyField.setAccessible(true);
    Object jetty = jettyField.get(proxy);
    Object[] connectors = (Object[]) jetty.getClass().getMethod("getConnectors").invoke(jetty);
    if (connectors.length == 0) throw new IllegalStateException("DynamoDB Local has no connector to bind");
    for (Object connector : connectors) {
      Method setHost = connector.getClass().getMethod("setHost", String.class);
      setHost.invoke(connector, host);
    }
    proxy.getClass().getMethod("start").invoke(proxy);
    System.out.println("DynamoDB Local listening on " + host);
  }
}
