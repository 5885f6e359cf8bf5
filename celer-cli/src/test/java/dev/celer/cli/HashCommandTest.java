package dev.celer.cli;

import static dev.celer.cli.CliTestSupport.celer;
import static dev.celer.cli.CliTestSupport.corpusFiles;
import static dev.celer.cli.CliTestSupport.run;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.celer.cli.CliTestSupport.Result;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code celer hash} against xxhsum 0.8.1: output lines, exit codes, --check. */
class HashCommandTest {
  private static final List<String> ALGOS = List.of("-H0", "-H1", "-H2", "-H3", "-H32", "-H64", "-H128");

  @TempDir
  Path dir;

  private static Result xxhsum(Path cwd, byte[] stdin, List<String> args) throws Exception {
    List<String> cmd = new ArrayList<>(List.of("xxhsum"));
    cmd.addAll(args);
    return run(cwd, stdin, cmd.toArray(new String[0]));
  }

  @Test
  void linesIdenticalToXxhsumOnEveryCorpusFile() throws Exception {
    Path corpus = CliTestSupport.corpus().toAbsolutePath();
    List<String> names = new ArrayList<>();
    for (Path f : corpusFiles()) {
      names.add(f.getFileName().toString());
    }
    for (String algo : ALGOS) {
      for (List<String> extra : List.of(List.<String>of(), List.of("--tag"), List.of("--tag", "--little-endian"))) {
        List<String> args = new ArrayList<>(extra);
        args.add(algo);
        args.addAll(names);
        Result ours = celer(corpus, null, concat("hash", args));
        Result theirs = xxhsum(corpus, null, args);
        assertEquals(theirs.code(), ours.code());
        assertEquals(theirs.outText(), ours.outText(), args.toString());
      }
    }
  }

  @Test
  void stdinAndMissingFiles() throws Exception {
    byte[] data = "hello celer".getBytes();
    Files.write(dir.resolve("h.txt"), data);
    for (List<String> args : List.of(List.<String>of(), List.of("-"), List.of("-H0", "--tag", "-"),
        List.of("h.txt", "nonexist", "h.txt"))) {
      Result ours = celer(dir, data, concat("hash", args));
      Result theirs = xxhsum(dir, data, args);
      assertEquals(theirs.outText(), ours.outText(), args.toString());
      assertEquals(theirs.code(), ours.code(), args.toString());
    }
  }

  @Test
  void checkRoundTripAndFailures() throws Exception {
    Files.writeString(dir.resolve("a.txt"), "alpha");
    Files.writeString(dir.resolve("b.txt"), "beta");
    Result sums = xxhsum(dir, null, List.of("a.txt", "b.txt"));
    Result tags = xxhsum(dir, null, List.of("--tag", "-H0", "a.txt", "b.txt"));
    Result le = xxhsum(dir, null, List.of("--tag", "--little-endian", "a.txt"));
    Result h3 = xxhsum(dir, null, List.of("-H3", "a.txt", "b.txt"));
    Result h2 = xxhsum(dir, null, List.of("-H2", "a.txt"));
    String ours = celer(dir, null, "hash", "-H0", "--tag", "a.txt", "b.txt").outText();
    assertEquals(tags.outText(), ours);
    Files.writeString(dir.resolve("sums"), sums.outText());
    Files.writeString(dir.resolve("tags"), ours + le.outText() + h3.outText() + h2.outText());
    Files.writeString(dir.resolve("bad"), sums.outText() + "garbage line\n0000000000000000  a.txt\n"
        + "1111111111111111  nonexist\nXXH99 (a.txt) = 00000000\n");
    Files.writeString(dir.resolve("none"), "nothing here\n");
    Files.writeString(dir.resolve("onlybadline"), sums.outText() + "garbage\n");
    for (List<String> args : List.of(List.of("-c", "sums"), List.of("--check", "tags"), List.of("-c", "bad"),
        List.of("-c", "--quiet", "bad"), List.of("-c", "--status", "bad"), List.of("-c", "--warn", "bad"),
        List.of("-qc", "sums"), List.of("-c", "none"), List.of("-c", "onlybadline"),
        List.of("-c", "--strict", "onlybadline"), List.of("-c", "missing-sums"), List.of("-c", "sums", "tags"))) {
      Result c = celer(dir, null, concat("hash", args));
      Result x = xxhsum(dir, null, args);
      assertEquals(x.outText(), c.outText(), args.toString());
      assertEquals(x.code(), c.code(), args.toString());
      assertEquals(x.err().isEmpty(), c.err().isEmpty(), args + ": " + c.err() + " vs " + x.err());
    }
    // checksums from stdin
    Result c = celer(dir, sums.out(), "hash", "-c");
    assertEquals("a.txt: OK\nb.txt: OK\n", c.outText());
  }

  @Test
  void badOptions() throws Exception {
    for (List<String> args : List.of(List.of("-H5", "x"), List.of("--nope"))) {
      assertEquals(xxhsum(dir, null, args).code(), celer(dir, null, concat("hash", args)).code(), args.toString());
    }
  }

  private static String[] concat(String first, List<String> rest) {
    List<String> all = new ArrayList<>();
    all.add(first);
    all.addAll(rest);
    return all.toArray(new String[0]);
  }
}
