// What the owner must set for the memory a machine's fits assume, said where the machine is read.
import { TTM_SETTING_NEEDED } from '../ingest/unified-usable.ts';
import type { Hardware } from '../schema/index.ts';

/**
 * A Strix Halo's GPU holds a model in the GTT, whose size the kernel's TTM page limit sets: the fits count the published
 * 120-of-128 GiB setting (ingest/unified-usable.ts), and stock Linux maps half of memory. An answer that fits a model in
 * that memory (recommend_model's picks, models_for_hardware's list) is true only with the setting made, so the reading
 * of the machine says so, not only list_hardware's note: a 102 GB pick does not load in the 64 GB a stock kernel maps.
 */
export function usableSettingNote(h: Hardware): string {
  const u = h.usable_fraction;
  if (!u?.note?.includes(TTM_SETTING_NEEDED)) return '';
  const total = h.memory_gb.value * h.count;
  const usable = Math.round(u.value * total * 100) / 100;
  return `; its fits count ${usable} of its ${total} GB for the GPU, which needs the kernel's TTM page limit raised `
    + `(\`options ttm pages_limit=${Math.round(usable * 262144)}\`; without it Linux maps half of memory, ${total / 2} GB: `
    + 'list_hardware\'s usable_fraction note says how)';
}
