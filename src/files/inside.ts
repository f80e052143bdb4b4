import path from 'node:path';

/** Whether `child` is `parent` or below it (a name like `..config` is below, `../x` is not). */
export function isInside(parent: string, child: string): boolean {
  const relative = path.relative(parent, child);
  return (
    relative === '' ||
    (relative !== '..' && !relative.startsWith(`..${path.sep}`) && !path.isAbsolute(relative))
  );
}
