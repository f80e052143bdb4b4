// SPDX-License-Identifier: MIT
pragma solidity ^0.6.12;

/// An old token without SafeMath. Deliberately vulnerable: used by the action's demo.
contract LegacyToken {
    mapping(address => uint256) public balanceOf;
    uint256 public totalSupply;

    function mint(address to, uint256 amount) public {
        balanceOf[to] += amount;
        totalSupply += amount;
    }

    function transfer(address to, uint256 amount) public returns (bool) {
        balanceOf[msg.sender] -= amount;
        balanceOf[to] += amount;
        return true;
    }
}
