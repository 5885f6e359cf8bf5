package dev.celer.bench;

/**
 * The timed loop of {@link OneJvmRatios}: one call per block of a set, summed so that nothing is
 * dead code. {@link OneJvmTable} never instantiates this class itself: it defines a copy of it
 * (renamed) for every row of its table, so that each copy's call site sees one {@link
 * OneJvmRatios.Call} class only and the JIT inlines the call into the loop, as if each
 * implementation had a loop of its own. One shared loop would be a megamorphic call per block,
 * which costs a few percent of a 1 KB hash.
 *
 * <p>Keep it free of static state, nested classes and lambdas: its bytes are copied as they are.
 */
final class BlockLoop implements OneJvmRatios.Op {
  private final Object state;
  private final OneJvmRatios.Call<Object> call;

  BlockLoop(Object state, OneJvmRatios.Call<Object> call) {
    this.state = state;
    this.call = call;
  }

  @Override
  public long run(OneJvmRatios.Blocks b) {
    // locals, as a for-each loop has them: a native call in between makes the JIT reload fields
    byte[][] raw = b.raw;
    Object state = this.state;
    OneJvmRatios.Call<Object> call = this.call;
    long s = 0;
    try {
      for (int i = 0; i < raw.length; i++) {
        s += call.call(state, raw[i], b, i);
      }
    } catch (Throwable t) {
      throw OneJvmRatios.rethrow(t);
    }
    return s;
  }
}
