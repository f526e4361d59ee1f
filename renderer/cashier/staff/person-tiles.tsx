import { SimpleGrid, Text } from '@mantine/core';
import type { StaffMember } from '../../../shared/staff';
import { roleWords } from './staff-words';

interface PersonTilesProps {
  people: StaffMember[];
  selectedId: string | null;
  onSelect: (staffId: string) => void;
  /** Said to screen readers: "Who is at the till", "Manager". */
  label: string;
  /** Prefix of each tile's test id: `${testIdPrefix}-${staffId}`. */
  testIdPrefix: string;
}

/** One large tile per person (name and role); the one picked is marked. */
export function PersonTiles({
  people,
  selectedId,
  onSelect,
  label,
  testIdPrefix,
}: PersonTilesProps) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" role="radiogroup" aria-label={label}>
      {people.map((person) => (
        <button
          key={person.staffId}
          type="button"
          role="radio"
          aria-checked={person.staffId === selectedId}
          className="picker-tile"
          data-testid={`${testIdPrefix}-${person.staffId}`}
          onClick={() => onSelect(person.staffId)}
        >
          <span style={{ display: 'flex', flexDirection: 'column', minWidth: 0 }}>
            <Text component="span" size="lg" fw={700} truncate>
              {person.name}
            </Text>
            {/* Full text colour: dimmed grey is below AA on the picked tile's tint. */}
            <Text component="span" size="sm">
              {roleWords(person.role)}
            </Text>
          </span>
        </button>
      ))}
    </SimpleGrid>
  );
}
