import { policyValueShapes } from '../../shared/policy-value-kinds';
import {
  settingDeclarations,
  settingDomainOf,
  settingDomains,
  settingKeys,
  type SettingDeclaration,
  type SettingKey,
} from '../../shared/settings';
import { formatLike } from './prettier-format';

/**
 * README.md's table of managed settings, between two marker comments, built from the
 * declarations: the rest of README.md is prose people write, this table is not.
 */
const BEGIN_MARKER =
  '<!-- managed-settings:begin (generated from shared/settings/ by npm run policy-templates; edit the declarations, not this table) -->';
const END_MARKER = '<!-- managed-settings:end -->';

const kindInWords = {
  boolean: 'true/false',
  number: 'number',
  text: 'text',
  list: 'list of texts',
  object: 'JSON',
} as const;

/** A table cell: a pipe would end the cell, a line break the row. */
const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\s*\n\s*/g, ' ');

function defaultInWords(declaration: SettingDeclaration): string {
  if (typeof declaration.default === 'function') return declaration.defaultInWords ?? '';
  return `\`${JSON.stringify(declaration.default)}\``;
}

function row(key: SettingKey): string {
  const declaration = settingDeclarations[key] as SettingDeclaration;
  const shape = policyValueShapes[key];
  const type = `${kindInWords[shape.kind]}${shape.nullable ? ' or null' : ''}`;
  const words = [declaration.description, declaration.details].filter(Boolean).join(' ');
  return `| \`${key}\` | ${settingDomainOf[key]} | ${type} | ${cell(defaultInWords(declaration))} | ${declaration.itOnly ? 'yes' : ''} | ${cell(words)} |`;
}

/** The table, grouped by domain (where a shop manager looks), in the keys' order within one. */
async function managedSettingsTable(): Promise<string> {
  const domains = Object.keys(settingDomains);
  const keys = domains.flatMap((domain) =>
    settingKeys.filter((key) => settingDomainOf[key] === domain),
  );
  const table = [
    '| setting | domain | type | default | IT only | what it is |',
    '| --- | --- | --- | --- | --- | --- |',
    ...keys.map(row),
  ].join('\n');
  return (await formatLike('README.md', table)).trimEnd();
}

/**
 * README.md's text with the table between the markers replaced by the generated one.
 * Throws when the markers are missing: the table's place is the README's to decide.
 */
export async function readmeWithTable(readme: string): Promise<string> {
  const begin = readme.indexOf('<!-- managed-settings:begin');
  const beginEnd = begin < 0 ? -1 : readme.indexOf('-->', begin);
  const end = readme.indexOf(END_MARKER);
  if (begin < 0 || beginEnd < 0 || end < beginEnd) {
    throw new Error(
      `no managed-settings table markers: put ${BEGIN_MARKER} and ${END_MARKER} where the table goes.`,
    );
  }
  const table = await managedSettingsTable();
  return `${readme.slice(0, begin)}${BEGIN_MARKER}\n\n${table}\n\n${readme.slice(end)}`;
}
