// The share of a Strix Halo or DGX Spark machine's unified memory its GPU can hold a model in, each with its sources.
import { fact, type Fact } from '../schema/index.ts';

export const UNIFIED_USABLE_READ_ON = '2026-11-29';

/**
 * Strix Halo (Ryzen AI Max 385 / Max+ 395) under Linux: the GPU maps system memory through the GTT, whose size the
 * kernel's TTM page limit sets, not the BIOS carve-out (AMD's ROCm page "AMD Strix Halo system optimization": "GTT
 * defines the amount of system RAM that can be mapped into GPU virtual address spaces for user processes"). The
 * published setting for a 128 GB machine maps 120 GiB and leaves the OS 8 GiB: `options ttm pages_limit=31457280`
 * (31,457,280 pages of 4 KiB = 120 GiB) with the BIOS GPU memory at its 512 MB minimum (lhl/strix-halo-testing
 * llm-bench/README.md, commit 03573bc9, Framework Desktop 128 GB; in its table Qwen3-235B-A22B UD-Q4_K_XL runs on the GPU
 * with 99,950 MiB under HIP and 100,446 MiB under Vulkan, more than the 96 GB carve-out could hold). The same 8 GiB is
 * taken to stay with the OS at 32, 64 and 96 GB: an assumption (the OS needs what it needs, not a share), no setting
 * for those sizes was read. Without the parameter Linux maps half of memory (drm/amdgpu "Adjust logic around GTT size":
 * default max(3 GB, 1/2 of system RAM), 2022) and Windows only the BIOS carve-out, up to 96 GB on a 128 GB machine
 * (AMD's Ryzen AI Max+ 395 page): the fit assumes the parameter is set, and the note says so.
 */
export const STRIX_HALO_OS_RESERVE_GB = 8;

/** The words of a usable-memory note whose figure assumes a setting the owner makes (engines/machine-usable.ts reads them). */
export const TTM_SETTING_NEEDED = 'this needs the kernel\'s TTM page limit raised';

export function strixHaloUsableFact(memoryGb: number): Fact<number> {
  const usable = Math.max(0, memoryGb - STRIX_HALO_OS_RESERVE_GB);
  return fact(usable / memoryGb, UNIFIED_USABLE_READ_ON, 'derived', {
    derived_from: [
      'github.com/lhl/strix-halo-testing llm-bench/README.md: "allocate 120GB of memory as GTT GPU memory" on a '
        + '128 GB Framework Desktop, options ttm pages_limit=31457280 (120 GiB), BIOS GPU memory 512 MB',
      'rocm.docs.amd.com/en/latest/how-to/system-optimization/strixhalo.html: GTT is the system RAM mapped into GPU address spaces for compute',
      'drm/amdgpu "Adjust logic around GTT size (v3)": default GTT max(3 GB, 1/2 of system RAM)',
    ],
    note: `${usable} of ${memoryGb} GB: the GPU maps memory through the GTT; ${TTM_SETTING_NEEDED}, `
      + `e.g. \`options ttm pages_limit=${usable * 262144}\` in /etc/modprobe.d (${usable} GiB in 4 KiB pages; or ttm.pages_limit= on `
      + 'the kernel command line, AMD\'s amd-ttm tool sets it) with the BIOS GPU memory at its minimum; the OS keeps '
      + `${STRIX_HALO_OS_RESERVE_GB} GB, as in the published 120-of-128 GiB setting${memoryGb === 128 ? '' : ' (kept at this size too: an assumption)'}; `
      + `without it Linux maps half of memory (${memoryGb / 2} GB) and Windows only the BIOS carve-out (up to 96 GB of 128)`,
  });
}

/**
 * DGX Spark (GB10): no carve-out and no kernel parameter: CUDA allocates from Linux's own memory, whose total is
 * MemTotal, 121.69 GiB of the 128 (130,663,006,208 bytes on two machines, unslothai/unsloth#10486; "MEM[8.684Gi/121.690Gi]"
 * idle, Syllo/nvtop#449); what the OS keeps (and its page cache, which cudaMemGetInfo does not count as free on this
 * part: vllm-project/vllm#35313) is not the GPU's. Idle with DGX OS's desktop 8.68 GiB is in use (nvtop#449): 113.0 GiB
 * free, 0.88 of 128; after dropping the page cache a headless pair of them had "about 117 GiB available"
 * (huggingface.co/nvidia/GLM-5.3-Flash-FP4-Local discussion 7), 0.91. The cautious reading is taken, as for Apple's.
 */
export const DGX_SPARK_USABLE_GIB = 113.0;

export function dgxSparkUsableFact(memoryGb: number): Fact<number> {
  const share = Math.round((DGX_SPARK_USABLE_GIB / memoryGb) * 100) / 100;
  return fact(share, UNIFIED_USABLE_READ_ON, 'derived', {
    derived_from: [
      'github.com/Syllo/nvtop/issues/449: "MEM[8.684Gi/121.690Gi]" idle on a DGX Spark (driver 580.173.02)',
      'github.com/unslothai/unsloth/pull/10486: the GPU\'s total memory is /proc/meminfo MemTotal, 130663006208 bytes; no carve-out, no knob',
      'huggingface.co/nvidia/GLM-5.3-Flash-FP4-Local/discussions/7: "about 117 GiB available" after dropping the page cache',
    ],
    note: `about ${DGX_SPARK_USABLE_GIB} GiB of ${memoryGb}: the GPU allocates from Linux's memory (121.69 GiB total as the OS sees it), `
      + 'less what the OS and DGX OS\'s desktop hold at idle (8.68 GiB); nothing to set (no carve-out, no kernel parameter); '
      + 'a headless machine with its page cache dropped (`sync; echo 3 > /proc/sys/vm/drop_caches`, NVIDIA\'s advice when an '
      + 'allocation fails) had about 117 GiB',
  });
}
