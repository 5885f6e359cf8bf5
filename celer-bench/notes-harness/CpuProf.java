package pb;

import java.lang.management.ManagementFactory;
import java.util.*;
import org.openjdk.jmh.infra.*;
import org.openjdk.jmh.profile.InternalProfiler;
import org.openjdk.jmh.results.*;

/** Process CPU time / wall time per iteration: rate / util = rate per busy core (load-robust for 1 thread). */
public class CpuProf implements InternalProfiler {
  long c0, w0;
  static long cpu() { return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean()).getProcessCpuTime(); }
  public String getDescription() { return "cpu util"; }
  public void beforeIteration(BenchmarkParams b, IterationParams i) { c0 = cpu(); w0 = System.nanoTime(); }
  public Collection<? extends Result> afterIteration(BenchmarkParams b, IterationParams i, IterationResult r) {
    double u = (cpu() - c0) / (double) (System.nanoTime() - w0);
    return List.of(new ScalarResult("util", u, "cores", AggregationPolicy.AVG));
  }
}
