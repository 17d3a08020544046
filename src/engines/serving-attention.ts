// A long prompt's attention in the serving throughput: FlashAttention-3's published rate on Hopper, by head width.
import type { Architecture, Hardware } from '../schema/index.ts';
import { promptAttentionFlops } from './prefill-depth.ts';
import { runtimeFor } from './runtime.ts';

/** The GH100 die (H100 SXM, PCIe and NVL, H200 SXM and NVL, H800): the accelerators FlashAttention-3 was written for. */
const HOPPER = /\bH100\b|\bH200\b|\bH800\b|\bGH200\b/i;

/** The dense FP16/BF16 tensor rate of the H100 80GB SXM5 the figures below were measured on, TFLOPS (NVIDIA's datasheet). */
const H100_SXM_DENSE_TFLOPS = 989.4;

/**
 * FlashAttention-3's causal forward speed on an H100 80GB SXM5, FP16/BF16, at sequence length 16k (batch x length =
 * 16k tokens, hidden 2,048: the paper's setting), TFLOPS by head width: 473 at 64, 616 at 128, 642 at 256 (Shah et al.,
 * "FlashAttention-3", arXiv 2407.08608, Figure 5, causal panels; non-causal: 497, 648, 756, the "up to 740 TFLOPs/s"
 * of the abstract). The kernel's rate plateaus by 8k (602 at 128 wide; 579 at 4k, 521 at 2k), so the 16k figure is
 * taken for every longer prompt; a short prompt's attention is a few per cent of its time, where the plateau's figure
 * is up to about 15% fast. vLLM serves with FlashAttention-3 on Hopper (its vllm-flash-attn build). Widths with no
 * panel (80, 96, MLA's 192, Gemma 4's 512) have no figure.
 */
const FA3_CAUSAL_TFLOPS: ReadonlyMap<number, number> = new Map([[64, 473], [128, 616], [256, 642]]);

/**
 * The share of a Hopper accelerator's dense rate FlashAttention-3's causal forward pass reaches at a head width: 473 /
 * 989.4 = 0.478 (64), 616 / 989.4 = 0.623 (128), 642 / 989.4 = 0.649 (256); undefined at a width no figure covers.
 * The same share of each GH100 part's own rating (PCIe and NVL run the die at lower clocks, the rate and the kernel alike).
 */
export function hopperAttentionShare(headDim: number): number | undefined {
  const tflops = FA3_CAUSAL_TFLOPS.get(headDim);
  return tflops === undefined ? undefined : tflops / H100_SXM_DENSE_TFLOPS;
}

/**
 * FLOP/s a configuration's serving runtime runs a prompt's attention at, or undefined where no published kernel figure
 * covers it: vLLM on a Hopper accelerator (runtime.ts), with every layer that attends (full and window) at a width
 * FlashAttention-3's figures measure (MLA, a width of 80, 96 or above 256 has none). Elsewhere (A100, Blackwell, AMD,
 * llama.cpp's server) the serving throughput keeps counting a prompt at the compute-bound rate: the DGX Spark shares of
 * prefill-depth.ts are llama.cpp's kernels on one GB10, not a data-centre kernel's. A window layer takes its width's
 * share too, a small term (gpt-oss's 128-token window: under 1% of a 32K prompt's attention).
 */
export function servingAttentionFlops(hardware: Hardware, a: Architecture): number | undefined {
  if (!hardware.compute_tflops || !HOPPER.test(hardware.accelerator) || runtimeFor(hardware, 'serving') !== 'vllm') return undefined;
  if (a.attention === 'mla') return undefined;
  const widths = new Set([a.global_head_dim ?? a.head_dim, a.head_dim]);
  let share = Infinity;
  for (const w of widths) {
    const s = hopperAttentionShare(w);
    if (s === undefined) return undefined;
    share = Math.min(share, s);
  }
  return share * hardware.compute_tflops.value * 1e12 * hardware.count;
}

/**
 * Prompt tokens/s of a prompt of `tokens` tokens: the compute-bound rate for its matrix products plus the seconds its
 * attention takes at `attentionFlops` FLOP/s (servingAttentionFlops), tokens / (tokens / rate + attention seconds).
 * Qwen3-30B-A3B on one H100 (20,508 tokens/s compute-bound; 786,432 attention FLOPs a position, 128 wide, at 616 TFLOPS):
 * a 98,304-token prompt 4.79 s + 3.80e15 / 6.16e14 = 6.17 s, 8,968 tokens/s (0.44x).
 */
export function promptRate(a: Architecture, tokens: number, rate: number, attentionFlops: number | undefined): number {
  if (attentionFlops === undefined || tokens <= 0 || !Number.isFinite(rate)) return rate;
  const seconds = promptAttentionFlops(a, tokens) / attentionFlops;
  return tokens / (tokens / rate + seconds);
}
