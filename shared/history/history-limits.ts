/**
 * How much history one request may cover: a range of at most MAX_RANGE_DAYS local days, and a
 * list of at most HISTORY_ROW_LIMIT orders (the newest); a longer list says so and asks for a
 * narrower range or a filter. Search by reference is not cut by the range.
 */
export const MAX_RANGE_DAYS = 366;
export const HISTORY_ROW_LIMIT = 1000;
