#pragma once

#include <string>
#include <string_view>

namespace kfx::surrogate {

// What a template family's variants share (issue 24): the canonical kernel (search::canonicalKernelCode) with
// every number literal made '#'. 98 % of the corpus's kernels have a twin that differs only in numeric constants
// (a block size, an unroll factor), and a twin on the other side of a fold tells the model its answer; grouped
// folds keep a family on one side.
std::string kernelFamilyKey(std::string_view code);

} // namespace kfx::surrogate
