// SPDX-License-Identifier: MIT
pragma solidity 0.8.24;

import {SafeTransferLib} from "solmate/utils/SafeTransferLib.sol";

/// A lottery. Deliberately vulnerable: used by the action's demo.
contract Lottery {
    address[] public players;
    uint256 public endsAt;

    constructor(uint256 duration) {
        endsAt = block.timestamp + duration;
    }

    function enter() external payable {
        require(msg.value == 0.1 ether, "stake is 0.1 ether");
        players.push(msg.sender);
    }

    function draw() external {
        require(block.timestamp >= endsAt, "not yet");
        uint256 index = uint256(keccak256(abi.encodePacked(block.timestamp, block.prevrandao))) % players.length;
        payable(players[index]).transfer(address(this).balance);
    }

    function payout(address winner) external {
        payable(winner).transfer(address(this).balance);
    }
}
