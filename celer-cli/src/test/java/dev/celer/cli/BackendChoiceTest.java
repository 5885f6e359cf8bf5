package dev.celer.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@link BackendChoice}: pure Java only for small regular files, never over an explicit setting. */
class BackendChoiceTest {
  private static final String PROPERTY = "dev.celer.native";
  @TempDir Path dir;
  private String saved;

  @BeforeEach
  void save() {
    saved = System.clearProperty(PROPERTY);
  }

  @AfterEach
  void restore() {
    if (saved == null) {
      System.clearProperty(PROPERTY);
    } else {
      System.setProperty(PROPERTY, saved);
    }
  }

  @Test
  void smallRegularFilesRunInPureJava() throws IOException {
    Files.write(dir.resolve("a"), new byte[1000]);
    Files.write(dir.resolve("b"), new byte[1000]);
    BackendChoice.forInputs(dir, List.of("a", "b"));
    assertEquals("off", System.getProperty(PROPERTY));
  }

  @Test
  void largeOrUnknownInputsKeepTheDefault() throws IOException {
    Files.write(dir.resolve("a"), new byte[(int) BackendChoice.NATIVE_FROM - 10]);
    Files.write(dir.resolve("b"), new byte[10]);
    BackendChoice.forInputs(dir, List.of("a", "b")); // together not small
    assertNull(System.getProperty(PROPERTY));
    BackendChoice.forInputs(dir, List.of(Source.STDIN));
    assertNull(System.getProperty(PROPERTY));
    BackendChoice.forInputs(dir, List.of("missing"));
    assertNull(System.getProperty(PROPERTY));
    BackendChoice.forInputs(dir, List.of("."));
    assertNull(System.getProperty(PROPERTY), "a directory");
  }

  @Test
  void anExplicitSettingWins() throws IOException {
    Files.write(dir.resolve("a"), new byte[10]);
    System.setProperty(PROPERTY, "force");
    BackendChoice.forInputs(dir, List.of("a"));
    assertEquals("force", System.getProperty(PROPERTY));
  }
}
