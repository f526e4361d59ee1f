import { Text, type TextProps } from '@mantine/core';
import { displayAmount } from './amount-format';

export interface AmountProps extends Omit<TextProps, 'children' | 'style'> {
  value: string;
  /** The asset's symbol, shown after the number. */
  asset?: string | null;
  /** The asset's decimals, when known (see displayAmount). */
  decimals?: number;
}

/** An amount in tabular figures, never wrapped inside the number (data-testid="amount"). */
export function Amount({ value, asset, decimals, ...textProps }: AmountProps) {
  return (
    <Text
      data-testid="amount"
      fw={800}
      {...textProps}
      style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}
    >
      {displayAmount(value, decimals)}
      {asset ? ` ${asset}` : ''}
    </Text>
  );
}
