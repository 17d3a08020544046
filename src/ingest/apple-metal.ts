// The share of an Apple Silicon Mac's unified memory Metal lets the GPU use by default, by the Mac's memory size.
import { fact, type Fact } from '../schema/index.ts';

/**
 * Metal's default GPU budget (MTLDevice.recommendedMaxWorkingSetSize) is about two-thirds of memory on Macs with up to
 * 32 GB and about three-quarters above. Measured reports (GB are GiB here, as macOS counts them):
 * - 16 GB M1 Pro: recommendedMaxWorkingSetSize 10922.67 MB = 2/3 x 16384 MiB (github.com/abetlen/llama-cpp-python/issues/687);
 * - 32 GB: 21845.34 MB = 2/3 x 32768 MiB (github.com/ollama/ollama/issues/434);
 * - 64 GB M3 Max: 48 GB = 3/4 (github.com/raullenchai/Rapid-MLX/pull/183, table of max_recommended per machine);
 *   M2 Max 64 GB: models load up to "around 47GB" (github.com/ggml-org/llama.cpp/issues/1870);
 * - 128 GB M5 Max: 107.52 GiB = 0.84 (github.com/antirez/ds4/pull/893, macOS 26): larger Macs may get more than 3/4,
 *   so 3/4 is the cautious reading above 32 GB.
 * No report read here is of a 36 GB Mac, so where between 32 and 48 GB the share steps up is not measured: a 36 GB
 * Mac is given 3/4. The limit can be raised by hand (sysctl iogpu.wired_limit_mb); the default is what is assumed, and
 * the note says how to raise it, in MLX LM's words (ml-explore/mlx-lm README, "Large Models": macOS 15 or later).
 */
export const METAL_SMALL_MAC_MAX_GB = 32;
export const METAL_SMALL_MAC_SHARE = 2 / 3;
export const METAL_LARGE_MAC_SHARE = 0.75;
export const METAL_SHARE_READ_ON = '2026-11-26';

/** How the default is raised, for a reader whose model is tight or just over it (MLX LM's README, "Large Models"). */
const RAISE_BY_HAND = '; the limit can be raised by hand, `sudo sysctl iogpu.wired_limit_mb=N` with N "larger than the size of the '
  + 'model in megabytes but smaller than the memory size of the machine" (ml-explore/mlx-lm README, macOS 15 or later): '
  + 'the fit assumes the default';

/** The default Metal share of a Mac with `memoryGb` of unified memory, as a dated fact with its sources. */
export function appleMetalUsableFact(memoryGb: number): Fact<number> {
  const small = memoryGb <= METAL_SMALL_MAC_MAX_GB;
  return fact(small ? METAL_SMALL_MAC_SHARE : METAL_LARGE_MAC_SHARE, METAL_SHARE_READ_ON, 'derived', {
    derived_from: small
      ? ['github.com/abetlen/llama-cpp-python/issues/687: recommendedMaxWorkingSetSize 10922.67 MB on a 16 GB M1 Pro',
        'github.com/ollama/ollama/issues/434: recommendedMaxWorkingSetSize 21845.34 MB on a 32 GB Mac']
      : ['github.com/raullenchai/Rapid-MLX/pull/183: max_recommended 48 GB on an M3 Max 64 GB, 96 GB on 128 GB',
        'github.com/ggml-org/llama.cpp/issues/1870: an M2 Max 64 GB loads models up to about 47 GB'],
    note: (small
      ? `Metal's default GPU budget (recommendedMaxWorkingSetSize) is two-thirds of memory on a Mac of ${METAL_SMALL_MAC_MAX_GB} GB or less`
      : `Metal's default GPU budget (recommendedMaxWorkingSetSize) is about three-quarters of memory above ${METAL_SMALL_MAC_MAX_GB} GB`)
      + RAISE_BY_HAND,
  });
}
