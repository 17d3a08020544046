// Hardware: a configuration users ask about (a card, a machine, a node), with what the memory model needs.
import { z } from 'zod';
import { factOf } from './fact.ts';
import { HardwareClass, Slug } from './primitives.ts';

/**
 * How a discontinued_on from the card table begins its note when what was reported is that the maker's own store
 * stopped selling the card, not that production ended (data/curated/card-production.csv, basis `withdrawn`): the
 * answer then says the card is no longer sold by its maker, not that it is no longer made.
 */
export const WITHDRAWN_FROM_STORE = "withdrawn from the maker's own store, as the press reported; no report of production's end was read";

export const RentalPrice = z
  .object({
    provider: z.string().min(1),
    instance_type: z.string().min(1),
    usd_per_hour: z.number().positive().finite(),
    eu_regions: z.array(z.string()),
  })
  .strict();
export type RentalPrice = z.infer<typeof RentalPrice>;

/** A cloud instance type that carries `count` of this accelerator (`g5.xlarge`: 1 A10G; `p5.48xlarge`: 8 H100). */
export const CloudInstance = z
  .object({
    provider: z.enum(['aws', 'gcp', 'azure']),
    instance_type: z.string().min(1),
    count: z.number().int().min(1),
  })
  .strict();
export type CloudInstance = z.infer<typeof CloudInstance>;

/**
 * The machine the accelerators sit in (CPU, board, memory, storage, power supply, chassis), as owned hardware pays
 * for it: `priced`, bought beside the accelerators for `usd` (this configuration's share of it); or
 * `in_purchase_price`, already paid by the accelerators' purchase price (a server's price divided among its GPUs).
 */
export const HostMachine = z
  .object({
    id: Slug,
    name: z.string().min(1),
    basis: z.enum(['priced', 'in_purchase_price']),
    usd: z.number().nonnegative().finite(),
    /**
     * The host's own draw at the wall with nothing to do, W (this configuration's share), where a reading is
     * published: counted in the month's electricity for every hour, busy or not (serving, the CPU draws more).
     */
    idle_watts: z.number().positive().finite().optional(),
  })
  .strict();
export type HostMachine = z.infer<typeof HostMachine>;

export const Hardware = z
  .object({
    id: Slug,
    name: z.string().min(1),
    class: HardwareClass,
    accelerator: z.string().min(1),
    count: z.number().int().positive(),
    /** Unified memory (Apple, DGX Spark, Strix Halo, CPU RAM): only a fraction is usable for weights. */
    unified_memory: z.boolean(),
    /** Total memory of the configuration, GB (1e9 bytes). */
    memory_gb: factOf(z.number().positive()),
    usable_fraction: factOf(z.number().gt(0).lte(1)),
    /**
     * Per accelerator, GB/s; multi-GPU decode is bounded by one card's bandwidth times count under tensor parallelism.
     * Absent only on an ad-hoc configuration built from a stated memory size (`11 GB GPU`): its speed is not estimated.
     * Every catalogued configuration has it (the ingest leaves out a configuration no source gives a bandwidth for).
     */
    bandwidth_gbs: factOf(z.number().positive()).optional(),
    /**
     * Other memory sizes, GB per card, the card's name is sold in (the Hugging Face hardware table's list: RX 9060 XT
     * and Arc A770 in 8 and 16 GB), beside this configuration's: a bare name does not say which card. Discrete cards only.
     */
    sold_also_in_gb: factOf(z.array(z.number().positive()).min(1)).optional(),
    /** Dense FP16/BF16 tensor throughput per accelerator, TFLOPS (no sparsity): bounds prefill, which is compute-bound. */
    compute_tflops: factOf(z.number().positive()).optional(),
    /** Board power per accelerator, watts (TDP/TBP/TGP as the vendor states it): the running cost of owned hardware. */
    power_w: factOf(z.number().positive()).optional(),
    /** Draw per accelerator with a model loaded and no request running, watts, where a reading is published. */
    idle_power_w: factOf(z.number().positive()).optional(),
    /**
     * NVLink on the accelerator, from its specification: `bridge` (a connector; two cards joined by a bridge), `switch`
     * (an SXM module on an NVLink baseboard), `none` (cards of this kind talk over PCIe only). Absent where not reviewed.
     */
    nvlink: factOf(z.enum(['bridge', 'switch', 'none'])).optional(),
    /** A GPU-to-GPU link other than NVLink, where reviewed: `infinity-fabric` (AMD Instinct modules, XGMI). */
    peer_fabric: factOf(z.enum(['infinity-fabric'])).optional(),
    /**
     * Systems sold under their own names around this one accelerator (`Framework Desktop`, `ASUS Ascent GX10`), where
     * reviewed: a machine text naming one reads as this accelerator, its memory size choosing among configurations.
     */
    sold_as: factOf(z.array(z.string().min(1)).min(1)).optional(),
    /**
     * Cloud instance types that carry this accelerator, each with its count, where reviewed
     * (data/curated/cloud-instances.csv): a machine text naming one (`g5.xlarge`) reads as that many of this card.
     */
    cloud_instances: factOf(z.array(CloudInstance).min(1)).optional(),
    purchase_price_usd: factOf(z.number().positive()).optional(),
    /**
     * The day (YYYY-MM-DD, or YYYY-MM where the source gives the month) the configuration stopped being sold new, where
     * the price table says so (data/curated/machine-prices.csv): its price is then the last list price, not an offer.
     */
    discontinued_on: factOf(z.string().regex(/^\d{4}-\d{2}(-\d{2})?$/)).optional(),
    /**
     * The counts of this module one can buy whole, where it is sold only on a baseboard (data/curated/accelerator-
     * baseboards.csv: an H200 SXM on a 4- or 8-GPU HGX board): a configuration of another count is a share of a machine.
     */
    sold_in: factOf(z.array(z.number().int().positive()).min(1)).optional(),
    /** The host machine around the accelerators, where a source prices it (data/curated/host-machines.csv). */
    host_machine: factOf(HostMachine).optional(),
    rental: factOf(RentalPrice).optional(),
    /**
     * The cheapest rental offered in an EU region, where the cheapest overall (`rental`) lists none: what an ask that
     * needs EU residency (keep=eu-only, where=eu-cloud) rents. Absent when `rental` is itself in an EU region or no
     * offer of the configuration is.
     */
    eu_rental: factOf(RentalPrice).optional(),
  })
  .strict();
export type Hardware = z.infer<typeof Hardware>;
