// SPDX-License-Identifier: MIT
export const main = 1;
