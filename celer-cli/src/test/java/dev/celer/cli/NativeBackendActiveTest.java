package dev.celer.cli;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.celer.lz4.Lz4;
import org.junit.jupiter.api.Test;

/**
 * In the Surefire execution {@code native} (root pom, JDK 25+, {@code celer.expect.native=true}) the
 * CLI's tests run in a JVM with native access, where {@code celer} runs on the native backend as it
 * does for users on JDK 25; this makes sure they really did, so that execution cannot pass on pure
 * Java by accident (for example a celer-core jar on the class path without its Java 25 layer).
 */
class NativeBackendActiveTest {
  @Test
  void nativeBackendIsActiveWhenExpected() {
    assumeTrue(Boolean.getBoolean("celer.expect.native"), "runs in the native execution only");
    assertTrue(Lz4.isNativeBackend(), Lz4.backend());
    assertTrue(Lz4.backend().startsWith("native"), Lz4.backend());
  }
}
