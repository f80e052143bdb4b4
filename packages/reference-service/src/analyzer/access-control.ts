/**
 * "Can anyone call this?": a function counts as protected when it (or one of its modifiers) checks
 * the caller, or calls a helper whose name says it does.
 */
import type {
  ASTNode,
  FunctionDefinition,
  ModifierDefinition,
} from '@solidity-parser/parser/dist/src/ast-types.js';
import {
  calleeName,
  conditionsIn,
  contains,
  isFunctionCall,
  isSenderExpression,
  walk,
} from './ast.ts';
import { linearized, type ContractInfo, type Project } from './project.ts';

/** Names of modifiers that restrict callers when their definition is not in the upload. */
const ACCESS_MODIFIER =
  /^only|owner|admin|auth|role|governance|governor|restricted|whitelist|allowlist|guardian/i;

/** Helpers such as `_checkOwner()`, `_checkRole(r)`, `_authorizeUpgrade(i)`, `requireOwner()`. */
const ACCESS_HELPER =
  /^_?(authori[sz]e|(check|only|require|ensure|assert|verify)\w*(owner|role|admin|auth|governance|sender|caller|guardian))/i;

/** Whether some branch condition under `root` looks at the caller. */
function checksSender(root: ASTNode | null): boolean {
  return conditionsIn(root).some((condition) => contains(condition, isSenderExpression));
}

function callsAccessHelper(root: ASTNode | null): boolean {
  let found = false;
  if (root)
    walk(root, (node) => {
      if (found) return false;
      if (isFunctionCall(node) && ACCESS_HELPER.test(calleeName(node) ?? '')) found = true;
      return !found;
    });
  return found;
}

function findModifier(
  name: string,
  contract: ContractInfo,
  project: Project,
): ModifierDefinition | undefined {
  for (const c of linearized(contract, project)) {
    const modifier = c.modifiers.find((m) => m.name === name);
    if (modifier) return modifier;
  }
  return undefined;
}

function modifierRestricts(name: string, contract: ContractInfo, project: Project): boolean {
  const definition = findModifier(name, contract, project);
  if (!definition) return ACCESS_MODIFIER.test(name);
  return checksSender(definition.body) || callsAccessHelper(definition.body);
}

export function isAccessControlled(
  fn: FunctionDefinition,
  contract: ContractInfo,
  project: Project,
): boolean {
  return (
    fn.modifiers.some((modifier) => modifierRestricts(modifier.name, contract, project)) ||
    checksSender(fn.body) ||
    callsAccessHelper(fn.body)
  );
}
