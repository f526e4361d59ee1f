import type { Migration } from './migration';

export const pricesInMoney: Migration = {
  version: 2,
  description: 'prices in the shop currency, and the service rate as a second opinion',
  sql: `
      ALTER TABLE orders ADD COLUMN money_currency TEXT;
      ALTER TABLE orders ADD COLUMN money_amount TEXT;
      ALTER TABLE orders ADD COLUMN fee_money TEXT;
      ALTER TABLE orders ADD COLUMN price TEXT;
      ALTER TABLE orders ADD COLUMN usd_price TEXT;
      ALTER TABLE orders ADD COLUMN usd_per_unit TEXT;
      ALTER TABLE orders ADD COLUMN price_source TEXT;
      ALTER TABLE orders ADD COLUMN cross_source TEXT;
      ALTER TABLE orders ADD COLUMN price_as_of_ms INTEGER;
      ALTER TABLE orders ADD COLUMN price_rounding TEXT;
      ALTER TABLE orders ADD COLUMN rate_difference_percent TEXT;
    `,
};
