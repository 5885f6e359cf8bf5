package dev.celer.internal;

import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.net.URL;
import org.junit.jupiter.api.Test;

/**
 * That the tests of the {@code packaged-native} and {@code packaged-fallback} executions (celer-core's
 * pom, {@code celer.expect.packaged=true}) really run on the packaged multi-release jar: the class
 * path loads {@link NativeBackend} from the jar, and on Java 25 from its {@code
 * META-INF/versions/25} layer, not the Java 17 face in the jar's root.
 */
class PackagedJarTest {
  @Test
  void nativeBackendComesFromTheJarsJava25Layer() {
    assumeTrue(Boolean.getBoolean("celer.expect.packaged"), "runs in the packaged-jar executions only");
    URL url = NativeBackend.class.getResource("NativeBackend.class");
    assertNotNull(url);
    String where = url.toString();
    assertTrue(where.startsWith("jar:file:") && where.contains(".jar!/"), where);
    if (Runtime.version().feature() >= 25) {
      assertTrue(where.contains("!/META-INF/versions/25/dev/celer/internal/NativeBackend.class"), where);
      assertTrue(!NativeBackend.status().contains("no Java 25 layer"), NativeBackend.status());
    }
  }
}
