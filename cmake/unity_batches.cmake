# tally_deal_into_batches(<prefix> <file>...): the files dealt round-robin
# into ceil(count / 8) unity batches of even size, named <prefix>_0, _1 …
# (CMake's UNITY_GROUP; the target sets UNITY_BUILD_MODE GROUP).  Used for a
# chapter's op handlers and for the test files of each folder: a batch of
# eight parses the shared headers once instead of eight times.
function(tally_deal_into_batches prefix)
  list(LENGTH ARGN count)
  math(EXPR batches "(${count} + 7) / 8")
  set(index 0)
  foreach(source ${ARGN})
    math(EXPR batch "${index} % ${batches}")
    math(EXPR index "${index} + 1")
    set_source_files_properties(${source} PROPERTIES UNITY_GROUP "${prefix}_${batch}")
  endforeach()
endfunction()
