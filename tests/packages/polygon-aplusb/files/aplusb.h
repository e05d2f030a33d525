// The problem's limits, shared by the generators and the validator.
#pragma once
const long long MAX_ABS = 1000000000;  // |a|, |b| <= 10^9
const long long SMALL_ABS = 100;       // in group "small": |a|, |b| <= 100
