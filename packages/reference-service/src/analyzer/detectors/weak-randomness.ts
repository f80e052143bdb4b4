/** SWC-120: "random" numbers derived from block data, which miners/validators and callers can predict. */
import type { ASTNode } from '@solidity-parser/parser/dist/src/ast-types.js';
import { calleeName, contains, isFunctionCall, isIdentifier, isMemberOf, walk } from '../ast.ts';
import type { ContractInfo } from '../project.ts';
import type { Detector, DetectorHit } from '../types.ts';

const BLOCK_FIELDS = ['timestamp', 'difficulty', 'prevrandao', 'number', 'coinbase'];
const HASHES = new Set(['keccak256', 'sha3', 'sha256', 'ripemd160']);

function isBlockValue(node: ASTNode, contract: ContractInfo): boolean {
  if (BLOCK_FIELDS.some((field) => isMemberOf(node, 'block', field))) return true;
  if (
    isFunctionCall(node) &&
    (isIdentifier(node.expression, 'blockhash') ||
      isMemberOf(node.expression, 'block', 'blockhash'))
  )
    return true;
  return isIdentifier(node, 'now') && !contract.stateVariables.some((v) => v.name === 'now');
}

export const weakRandomness: Detector = {
  id: 'weak-randomness',
  swcId: 'SWC-120',
  severity: 'high',
  title: 'Weak randomness from block values',
  recommendation:
    'Do not derive randomness from block data; use a verifiable randomness source such as Chainlink VRF, or a commit-reveal scheme whose outcome no single party controls.',
  detectContract(contract) {
    const hits: DetectorHit[] = [];
    const fromBlock = (node: ASTNode) => contains(node, (n) => isBlockValue(n, contract));
    walk(contract.node, (node) => {
      const hashed =
        isFunctionCall(node) &&
        HASHES.has(calleeName(node) ?? '') &&
        node.arguments.some(fromBlock);
      const reduced =
        node.type === 'BinaryOperation' && node.operator === '%' && fromBlock(node.left);
      if (!hashed && !reduced) return true;
      hits.push({
        node,
        description: `\`${contract.name}\` ${hashed ? 'hashes' : 'takes a modulus of'} block values (timestamp, number, prevrandao/difficulty, coinbase or blockhash) to get an unpredictable number. Validators can influence them and any contract can compute the same value in the same block.`,
      });
      return false;
    });
    return hits;
  },
};
