import { Group, Select } from '@mantine/core';
import type { OrderFilter } from '../../../shared/history/order-filter';
import type { PeriodReport } from '../../../shared/reports/report-types';
import {
  ALL,
  assetChoices,
  cashierChoices,
  outcomeChoices,
  selectValues,
  wayChoices,
  withChoice,
  type Choice,
  type KnownCashiers,
} from './filter-choices';

/** Cashier, state, asset and payment way over the order list; main applies them. */
export function HistoryFilters({
  filter,
  onChange,
  cashiers,
  report,
}: {
  filter: OrderFilter;
  onChange: (filter: OrderFilter) => void;
  cashiers: KnownCashiers;
  report: PeriodReport | null;
}) {
  const values = selectValues(filter);
  const people = cashierChoices(cashiers);
  const select = (
    part: 'cashier' | 'outcome' | 'asset' | 'way',
    label: string,
    data: Choice[],
    width: number,
  ) => (
    <Select
      label={label}
      data={data}
      value={data.some((choice) => choice.value === values[part]) ? values[part] : ALL}
      allowDeselect={false}
      onChange={(next) => onChange(withChoice(filter, part, next ?? ALL))}
      data-testid={`filter-${part}`}
      w={width}
      size="md"
    />
  );
  return (
    <Group gap="sm" align="end" data-testid="history-filters">
      {people.length > 0 ? select('cashier', 'Cashier', people, 190) : null}
      {select('outcome', 'State', outcomeChoices, 210)}
      {select('asset', 'Asset', assetChoices(report, filter.asset), 210)}
      {select('way', 'Payment way', wayChoices, 190)}
    </Group>
  );
}
