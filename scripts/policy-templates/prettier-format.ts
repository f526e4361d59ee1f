import { join, resolve } from 'node:path';
import { format, resolveConfig } from 'prettier';

/** The repository this script lives in: its .prettierrc applies whatever --root is given. */
const repository = resolve(import.meta.dirname, '../..');

/**
 * Formats generated text as `npm run format` formats the committed file, so the generated
 * file also passes format:check. The options come from the repository's configuration even
 * when the files are written elsewhere (a test's copy in a temp folder has no .prettierrc).
 */
export async function formatLike(relativePath: string, text: string): Promise<string> {
  const filepath = join(repository, relativePath);
  return format(text, { ...(await resolveConfig(filepath)), filepath });
}
