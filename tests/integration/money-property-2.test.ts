/**
 * The money engine's invariants on random histories, shard 2 of 2 (the test is tests/support/money-property.ts; the
 * shards run side by side, each on its own database, and share FC_NUM_RUNS between them).
 */
import { moneyPropertySuite } from "../support/money-property";

await moneyPropertySuite({ shard: 2, of: 2 });
