// What a pick on the caller's own machine says of the members a bought or rented configuration fills in.

/**
 * The members every pick on the caller's own machine answers alike (its own, not bought, not priced, no cost, no
 * smaller configuration, none passed over), read from the class: an ask makes one pick for every model that fits or
 * places, some hundreds, and each holds only what tells it apart (recommend-hosting-named.ts `MachinePick`,
 * recommend-hosting-ram.ts `RamPick`).
 */
export abstract class OwnMachinePick {
  get own_machine(): true {
    return true;
  }
  get on_premises(): false {
    return false;
  }
  get bought(): false {
    return false;
  }
  get priced(): false {
    return false;
  }
  get cost(): null {
    return null;
  }
  get smallest(): null {
    return null;
  }
  get passed_over(): null {
    return null;
  }
}
