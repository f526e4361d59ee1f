import { Radio, Stack, Textarea } from '@mantine/core';

/** One usual answer a cashier can pick; the one whose value is 'other' asks for their words. */
export interface ReasonOption<Choice extends string> {
  value: Choice;
  label: string;
}

/**
 * Why the cashier does something the journal must explain (void a payment, record it paid
 * after all): the usual answers as radio buttons, none picked at first (the journal keeps the
 * reason the person chose, never one the screen chose for them), and "in your words" when they
 * pick 'other'.
 * Test ids are `<testIdPrefix>-<value>` per answer and `<testIdPrefix>-text` for the words.
 */
export function ReasonChoice<Choice extends string>({
  label,
  options,
  choice,
  onChoice,
  other,
  onOther,
  missingWords,
  testIdPrefix,
}: {
  label: string;
  options: readonly ReasonOption<Choice>[];
  /** null until they pick one. */
  choice: Choice | null;
  onChoice: (choice: Choice) => void;
  other: string;
  onOther: (words: string) => void;
  /** Shown under "in your words" while they say too little; null once they say enough. */
  missingWords: string | null;
  testIdPrefix: string;
}) {
  return (
    <>
      <Radio.Group
        label={label}
        value={choice}
        withAsterisk
        description={choice === null ? 'Pick one to go on.' : undefined}
        onChange={(value) => onChoice(value as Choice)}
      >
        <Stack gap="xs" mt="xs">
          {options.map((option) => (
            <Radio
              key={option.value}
              value={option.value}
              label={option.label}
              size="md"
              data-testid={`${testIdPrefix}-${option.value}`}
            />
          ))}
        </Stack>
      </Radio.Group>
      {choice === 'other' ? (
        <Textarea
          label="In your words"
          value={other}
          maxLength={200}
          autosize
          minRows={2}
          data-testid={`${testIdPrefix}-text`}
          error={missingWords ?? undefined}
          onChange={(event) => onOther(event.currentTarget.value)}
        />
      ) : null}
    </>
  );
}
