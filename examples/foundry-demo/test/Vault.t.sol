// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

import {Test} from "forge-std/Test.sol";
import {Vault} from "../src/Vault.sol";

// Tests are excluded by default (test/ and *.t.sol).
contract VaultTest is Test {
    function testDeposit() public {
        Vault vault = new Vault();
        vault.deposit{value: 1 ether}();
    }
}
