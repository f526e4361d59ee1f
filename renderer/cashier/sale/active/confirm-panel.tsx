import { Paper, Stack, Table, Title } from '@mantine/core';
import type { SaleSnapshot } from '../../../../shared/sale/sale-snapshot';
import { amountWithAsset } from '../../../common/amount-format';
import { HoldToConfirm } from './hold-to-confirm';

/**
 * The service reports no payment, so the cashier confirms from the customer's wallet: the
 * facts to find there (amount and asset, network, order), then "Customer paid" held down.
 */
export function ConfirmPanel({
  sale,
  pending,
  blocked,
  onConfirm,
}: {
  sale: SaleSnapshot;
  /** The confirmation is on its way to main. */
  pending: boolean;
  /** Another action is on its way: the control waits. */
  blocked: boolean;
  onConfirm: () => void;
}) {
  const amount = amountWithAsset(
    sale.link?.linkAmount ?? sale.amount,
    sale.asset,
    sale.assetDecimals ?? 2,
  );
  const facts: { label: string; value: string; testId: string }[] = [
    { label: 'Amount', value: amount, testId: 'check-amount' },
    ...(sale.chainName
      ? [{ label: 'Network', value: sale.chainName, testId: 'check-network' }]
      : []),
    {
      label: 'Order',
      value: `${sale.reference} (id ending ${sale.orderId.slice(-6)})`,
      testId: 'check-order',
    },
  ];
  return (
    <Paper withBorder radius="md" p="md" data-testid="confirm-checklist">
      <Stack gap="sm">
        <Title order={2} size="h4">
          Check in the customer’s wallet
        </Title>
        <Table verticalSpacing={4} horizontalSpacing="sm" withRowBorders={false}>
          <Table.Tbody>
            {facts.map((fact) => (
              <Table.Tr key={fact.label}>
                <Table.Th scope="row" fw={600} w="1%" style={{ whiteSpace: 'nowrap' }}>
                  {fact.label}
                </Table.Th>
                <Table.Td fw={800} data-testid={fact.testId}>
                  {fact.value}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <HoldToConfirm
          label="Customer paid"
          testId="customer-paid"
          loading={pending}
          disabled={blocked}
          onConfirm={onConfirm}
        />
      </Stack>
    </Paper>
  );
}
