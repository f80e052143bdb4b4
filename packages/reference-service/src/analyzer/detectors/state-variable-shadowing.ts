/** SWC-119: a derived contract declares a state variable its base already has, so the two diverge silently. */
import { ancestorsOf } from '../project.ts';
import type { Detector, DetectorHit } from '../types.ts';

export const stateVariableShadowing: Detector = {
  id: 'state-variable-shadowing',
  swcId: 'SWC-119',
  severity: 'medium',
  title: 'State variable shadows a base contract variable',
  recommendation:
    "Remove the duplicate declaration and use the base contract's variable (set it in the constructor if it needs another initial value), or give the new variable a distinct name.",
  detectContract(contract, project) {
    const hits: DetectorHit[] = [];
    const ancestors = ancestorsOf(contract, project);
    for (const variable of contract.stateVariables) {
      // A private base variable is invisible to the derived contract, so no code can mix the two up.
      const base = ancestors.find((a) =>
        a.stateVariables.some((v) => v.name === variable.name && v.visibility !== 'private'),
      );
      if (!variable.name || !base) continue;
      hits.push({
        node: variable,
        description: `\`${contract.name}.${variable.name}\` redeclares state variable \`${variable.name}\` of base contract \`${base.name}\`. Code in \`${base.name}\` keeps using its own copy, so the two can hold different values.`,
      });
    }
    return hits;
  },
};
