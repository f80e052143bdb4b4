/** Recognition of address members that move ether or hand over control: call, send, transfer, delegatecall. */
import type { Expression, FunctionCall } from '@solidity-parser/parser/dist/src/ast-types.js';

export type LowLevelKind = 'call' | 'delegatecall' | 'staticcall' | 'send' | 'transfer';

export interface LowLevelCall {
  kind: LowLevelKind;
  /** The address called, as written (casts not stripped). */
  target: Expression;
  /** The expression sent as ether: `{value: v}`, `.value(v)`, or the `send`/`transfer` argument. */
  value: Expression | undefined;
}

const KINDS = new Set<string>(['call', 'delegatecall', 'staticcall', 'send', 'transfer']);

/**
 * Reads `a.call(d)`, `a.call{value: v, gas: g}(d)`, the pre-0.7 `a.call.value(v).gas(g)(d)`, `a.send(v)`
 * and `a.transfer(v)`. Arity rules out same-named contract functions (`token.transfer(to, amount)`).
 */
export function lowLevelCall(call: FunctionCall): LowLevelCall | undefined {
  let callee: Expression = call.expression;
  let value: Expression | undefined;
  if (callee.type === 'NameValueExpression') {
    const index = callee.arguments.names.indexOf('value');
    if (index >= 0) value = callee.arguments.arguments[index];
    callee = callee.expression;
  }
  // Legacy option calls, innermost last: `.value(v)` and `.gas(g)` wrapped around `a.call`.
  while (
    callee.type === 'FunctionCall' &&
    callee.expression.type === 'MemberAccess' &&
    (callee.expression.memberName === 'value' || callee.expression.memberName === 'gas')
  ) {
    if (callee.expression.memberName === 'value') value = callee.arguments[0];
    callee = callee.expression.expression;
  }
  if (callee.type !== 'MemberAccess' || !KINDS.has(callee.memberName)) return undefined;
  const kind = callee.memberName as LowLevelKind;
  if (kind === 'send' || kind === 'transfer') {
    if (call.arguments.length !== 1) return undefined;
    value = call.arguments[0];
  } else if (call.arguments.length > 1) {
    return undefined;
  }
  return { kind, target: callee.expression, value };
}

/** Whether the call can send ether: `send`, `transfer`, or `call` with a value. */
export function sendsEther(call: LowLevelCall): boolean {
  return (
    call.kind === 'send' ||
    call.kind === 'transfer' ||
    (call.kind === 'call' && call.value !== undefined)
  );
}
