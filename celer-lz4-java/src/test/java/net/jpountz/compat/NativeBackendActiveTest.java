package net.jpountz.compat;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.celer.lz4.Lz4;
import org.junit.jupiter.api.Test;

/**
 * In the Surefire execution {@code native} (root pom, JDK 25+, {@code celer.expect.native=true}) the
 * drop-in's tests run in a JVM with native access, where Celer's codecs behind the lz4-java API are
 * native as they are for users on JDK 25; this makes sure they really were, so that execution
 * cannot pass on pure Java by accident (for example a celer-core jar without its Java 25 layer).
 */
class NativeBackendActiveTest {
  @Test
  void nativeBackendIsActiveWhenExpected() {
    assumeTrue(Boolean.getBoolean("celer.expect.native"), "runs in the native execution only");
    assertTrue(Lz4.isNativeBackend(), Lz4.backend());
    assertTrue(Lz4.backend().startsWith("native"), Lz4.backend());
  }
}
