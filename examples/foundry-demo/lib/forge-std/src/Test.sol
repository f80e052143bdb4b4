// SPDX-License-Identifier: MIT
pragma solidity >=0.6.2 <0.9.0;

// Stand-in for a Foundry dependency: lib/ is excluded by default and must never be uploaded.
contract Test {
    function fail() internal pure {
        revert("fail");
    }
}
