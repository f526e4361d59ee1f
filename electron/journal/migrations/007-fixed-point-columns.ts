import type { Migration } from './migration';

export const fixedPointColumns: Migration = {
  version: 7,
  description: 'each money text beside exact integer columns, so reports sum in SQL',
  sql: `
      -- value = e9 / 10^9 + e18 / 10^18 (fixed-point-columns.ts); null where the value does not
      -- fit, and for every order written before: reports sum those from their text. Not filled
      -- in for the orders already there: rewriting every row would hold up the first start.
      ALTER TABLE orders ADD COLUMN amount_e9 INTEGER;
      ALTER TABLE orders ADD COLUMN amount_e18 INTEGER;
      ALTER TABLE orders ADD COLUMN fee_e9 INTEGER;
      ALTER TABLE orders ADD COLUMN fee_e18 INTEGER;
      ALTER TABLE orders ADD COLUMN money_amount_e9 INTEGER;
      ALTER TABLE orders ADD COLUMN money_amount_e18 INTEGER;
      ALTER TABLE orders ADD COLUMN fee_money_e9 INTEGER;
      ALTER TABLE orders ADD COLUMN fee_money_e18 INTEGER;
    `,
};
