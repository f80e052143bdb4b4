import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { analyzeSources } from '../../src/analyzer/analyze.ts';
import { DETECTORS } from '../../src/analyzer/registry.ts';
import type { Detector, SourceFile } from '../../src/analyzer/types.ts';

const FIXTURES = new URL('../fixtures/analyzer/', import.meta.url);

function fixture(path: string, uploadedAs = path): SourceFile {
  return { path: uploadedAs, content: readFileSync(new URL(path, FIXTURES), 'utf8') };
}

describe('analyzeSources: files it cannot analyse', () => {
  it('reports a syntax error with the line and message the parser gives', () => {
    const result = analyzeSources([
      fixture('parse-error/missing-semicolon.sol', 'contracts/Store.sol'),
    ]);
    expect(result).toMatchObject({ parsedFiles: 0, failedFiles: 1, detectorErrors: [] });
    expect(result.findings).toEqual([
      expect.objectContaining({
        detector: 'parse-error',
        severity: 'info',
        swcId: undefined,
        file: 'contracts/Store.sol',
        startLine: 7,
        endLine: 7,
      }),
    ]);
    expect(result.findings[0]!.description).toContain(
      "mismatched input 'function' expecting {';', '='}",
    );
  });

  it('still reports the parser line and message when the parser crashes building the AST', () => {
    // This input makes parse() throw a TypeError instead of its ParserError (upstream bug).
    const result = analyzeSources([fixture('parse-error/parser-crash.sol')]);
    expect(result).toMatchObject({ parsedFiles: 0, failedFiles: 1 });
    expect(result.findings).toEqual([
      expect.objectContaining({
        detector: 'parse-error',
        severity: 'info',
        startLine: 9,
        endLine: 9,
      }),
    ]);
    expect(result.findings[0]!.description).toContain("no viable alternative at input 'v}'");
  });

  it('notes each Vyper file as not analysed, counting it neither parsed nor failed', () => {
    const result = analyzeSources([fixture('vyper/vault.vy', 'contracts/Vault.vy')]);
    expect(result).toEqual({
      findings: [
        expect.objectContaining({
          detector: 'vyper-not-analysed',
          severity: 'info',
          swcId: undefined,
          file: 'contracts/Vault.vy',
          startLine: 1,
          endLine: 1,
        }),
      ],
      parsedFiles: 0,
      failedFiles: 0,
      detectorErrors: [],
    });
  });

  it('analyses the files that parse when others in the upload do not', () => {
    const result = analyzeSources([
      fixture('parse-error/missing-semicolon.sol'),
      fixture('reentrancy/vulnerable.sol'),
      fixture('vyper/vault.vy'),
    ]);
    expect(result).toMatchObject({ parsedFiles: 1, failedFiles: 1, detectorErrors: [] });
    expect(result.findings.map((f) => [f.file, f.detector])).toEqual([
      ['parse-error/missing-semicolon.sol', 'parse-error'],
      ['reentrancy/vulnerable.sol', 'reentrancy'],
      ['vyper/vault.vy', 'vyper-not-analysed'],
    ]);
  });
});

describe('analyzeSources: the project as a whole', () => {
  it('resolves inheritance across uploaded files (shadowing of a base declared in another file)', () => {
    const result = analyzeSources([
      fixture('state-variable-shadowing/cross-file/Base.sol', 'src/Base.sol'),
      fixture('state-variable-shadowing/cross-file/Token.sol', 'src/Token.sol'),
    ]);
    const shadowing = result.findings.filter((f) => f.detector === 'state-variable-shadowing');
    expect(shadowing).toEqual([
      expect.objectContaining({
        file: 'src/Token.sol',
        startLine: 8,
        endLine: 8,
        swcId: 'SWC-119',
      }),
    ]);
    expect(shadowing[0]!.description).toContain('`Ownable`');
  });

  it('does not treat a private base variable as shadowed: the derived contract cannot see it', () => {
    const source = `pragma solidity 0.8.24;
contract Base { uint256 private _name; }
contract Derived is Base { uint256 private _name; }`;
    const result = analyzeSources([{ path: 'a.sol', content: source }]);
    expect(result.findings.filter((f) => f.detector === 'state-variable-shadowing')).toEqual([]);
  });

  it('orders findings by upload order, then line', () => {
    const result = analyzeSources([
      fixture('weak-randomness/vulnerable.sol'),
      fixture('floating-pragma/vulnerable.sol'),
    ]);
    const positions = result.findings.map((f) => [f.file, f.startLine]);
    expect(positions).toEqual([
      ['weak-randomness/vulnerable.sol', 12],
      ['weak-randomness/vulnerable.sol', 19],
      ['weak-randomness/vulnerable.sol', 23],
      ['floating-pragma/vulnerable.sol', 2],
    ]);
  });
});

describe('analyzeSources: detector isolation', () => {
  const exploding: Detector = {
    id: 'exploding',
    swcId: undefined,
    severity: 'info',
    title: 'Always throws',
    recommendation: '',
    detectContract(contract) {
      throw new Error(`cannot handle ${contract.name}`);
    },
  };

  it('records a throwing detector and still runs every other one', () => {
    const result = analyzeSources(
      [fixture('reentrancy/vulnerable.sol', 'Bank.sol')],
      [exploding, ...DETECTORS],
    );
    expect(result.detectorErrors).toEqual([
      { detector: 'exploding', file: 'Bank.sol', message: 'cannot handle EtherBank' },
    ]);
    expect(result.findings.map((f) => f.detector)).toEqual(['reentrancy']);
    expect(result.parsedFiles).toBe(1);
  });
});
