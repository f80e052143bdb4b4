/** SWC-115: `tx.origin` deciding who may act. */
import type { ASTNode, BinaryOperation } from '@solidity-parser/parser/dist/src/ast-types.js';
import { conditionsIn, isMemberOf, isSenderExpression, outermost, walk } from '../ast.ts';
import type { Detector, DetectorHit } from '../types.ts';

const isTxOrigin = (node: ASTNode) => isMemberOf(node, 'tx', 'origin');

/** `tx.origin == msg.sender` only asks "is the caller an EOA?", which is not an authorization decision. */
function isEoaCheck(node: BinaryOperation): boolean {
  return (
    (node.operator === '==' || node.operator === '!=') &&
    ((isTxOrigin(node.left) && isSenderExpression(node.right)) ||
      (isTxOrigin(node.right) && isSenderExpression(node.left)))
  );
}

export const txOrigin: Detector = {
  id: 'tx-origin',
  swcId: 'SWC-115',
  severity: 'high',
  title: 'Authorization through tx.origin',
  recommendation:
    'Authorize with msg.sender instead of tx.origin: any contract the owner interacts with can forward a call that still carries the owner as tx.origin.',
  detectContract(contract) {
    const authorizing = conditionsIn(contract.node).filter((condition) => {
      let uses = false;
      walk(condition, (node) => {
        if (uses || (node.type === 'BinaryOperation' && isEoaCheck(node))) return false;
        uses = isTxOrigin(node);
        return !uses;
      });
      return uses;
    });
    return outermost(authorizing).map((condition): DetectorHit => ({
      node: condition,
      description: `A condition in \`${contract.name}\` grants or denies access based on tx.origin, the account that started the transaction, not the immediate caller. A malicious contract called by that account passes the check.`,
    }));
  },
};
