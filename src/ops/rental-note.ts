// The note a rental price carries in cost answers (estimate_cost, recommend_model), as list_hardware's rental fact has it.
import { z } from 'zod';

/**
 * A rental's `as_of` is the day its catalogue was read, not a day the provider stated the price: SkyPilot's
 * catalogue gives neither its commit's date nor the provider's. The fact's own note says so (hardware.json); a cost
 * answer that shows the date shows the note beside it.
 */
export const RentalNote = z
  .string()
  .optional()
  .describe(
    'What the date means and where the price was read: e.g. the price as listed in SkyPilot\'s catalogue (file and commit), ' +
      'read on or before as_of, the commit\'s and the provider\'s own dates not given; as list_hardware\'s rental shows it.',
  );
