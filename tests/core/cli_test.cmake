# The CLI: friendly subcommands, eval on stdin, and exit status 2 on bad input.
function(expect_run)
  cmake_parse_arguments(E "" "EXIT;STDOUT;STDERR;INPUT" "ARGS" ${ARGN})
  if(E_INPUT)
    file(WRITE ${CMAKE_CURRENT_BINARY_DIR}/cli_input.json "${E_INPUT}")
    execute_process(COMMAND ${TALLY} ${E_ARGS} INPUT_FILE ${CMAKE_CURRENT_BINARY_DIR}/cli_input.json
                    RESULT_VARIABLE code OUTPUT_VARIABLE out ERROR_VARIABLE err)
  else()
    execute_process(COMMAND ${TALLY} ${E_ARGS} RESULT_VARIABLE code OUTPUT_VARIABLE out ERROR_VARIABLE err)
  endif()
  if(NOT code EQUAL E_EXIT)
    message(FATAL_ERROR "tally ${E_ARGS}: exit ${code}, expected ${E_EXIT}\n${out}\n${err}")
  endif()
  if(E_STDOUT AND NOT out MATCHES "${E_STDOUT}")
    message(FATAL_ERROR "tally ${E_ARGS}: stdout lacks '${E_STDOUT}':\n${out}")
  endif()
  if(E_STDERR AND NOT err MATCHES "${E_STDERR}")
    message(FATAL_ERROR "tally ${E_ARGS}: stderr lacks '${E_STDERR}':\n${err}")
  endif()
endfunction()

expect_run(ARGS forward --model qwen3-8b --input 8192 --format md EXIT 0 STDOUT "133.59 TFLOPs")
expect_run(ARGS forward --model qwen3-8b --input 8192 EXIT 0 STDOUT "\"total\": 133594323353600")
expect_run(ARGS capacity --model qwen3-8b --gpu rtx-4090 --context 8192 --format md EXIT 0 STDOUT "requests: 4")
expect_run(ARGS eval INPUT "{\"op\":\"kv\",\"model\":\"qwen3-8b\",\"tokens\":8192}" EXIT 0 STDOUT "\"bytes_per_token\":147456")
expect_run(ARGS eval INPUT "{\"op\":\"kv\",\"model\":\"qwen3-8b\",\"tokens\":0}" EXIT 2 STDERR "tokens")
expect_run(ARGS forward --model qwen3-8b --input -5 EXIT 2 STDERR "--input")
expect_run(ARGS forward --model nope EXIT 2 STDERR "qwen3-8b")
expect_run(ARGS forward --model qwen3-8b --format xml EXIT 2 STDERR "md")
expect_run(ARGS forward --model EXIT 2 STDERR "缺少值")
expect_run(ARGS EXIT 2 STDOUT "tally eval")

# tally import: a config.json → spec and one-screen summary; bad files exit 2.
set(HF ${CMAKE_CURRENT_LIST_DIR}/../fixtures/hf)
expect_run(ARGS import ${HF}/qwen3-8b.json EXIT 0 STDOUT "8,190,735,360")
expect_run(ARGS import ${HF}/qwen3-8b.json EXIT 0 STDOUT "H100 SXM")
expect_run(ARGS import ${HF}/qwen3-8b.json --format json EXIT 0 STDOUT "\"kv_bytes_per_token\": 147456")
expect_run(ARGS import ${HF}/deepseek-v3.json EXIT 0 STDOUT "13,463,426,304")
expect_run(ARGS import ${CMAKE_CURRENT_LIST_DIR}/no-such-config.json EXIT 2 STDERR "無法讀取")
expect_run(ARGS import ${CMAKE_CURRENT_LIST_DIR}/cli_test.cmake EXIT 2 STDERR "不是有效的 JSON")
expect_run(ARGS import EXIT 2 STDERR "config.json")
expect_run(ARGS import ${HF}/qwen3-8b.json --format xml EXIT 2 STDERR "md")
file(WRITE ${CMAKE_CURRENT_BINARY_DIR}/gpt2_config.json "{\"model_type\":\"gpt2\"}")
expect_run(ARGS import ${CMAKE_CURRENT_BINARY_DIR}/gpt2_config.json EXIT 2 STDERR "config.model_type")

# --model also takes a file: a Hugging Face config (imported by the core), a
# Tally spec, or what `tally import --format json` prints. The imported
# Qwen3-8B config gives the catalog model's numbers (Table 2-1's 133.59 TFLOPs,
# 4 requests on an RTX 4090).
expect_run(ARGS forward --model ${HF}/qwen3-8b.json --input 8192 --format md EXIT 0 STDOUT "133.59 TFLOPs")
expect_run(ARGS capacity --model ${HF}/qwen3-8b.json --gpu rtx-4090 --context 8192 --format md EXIT 0 STDOUT "requests: 4")
expect_run(ARGS forward --model ${CMAKE_CURRENT_LIST_DIR}/../../content/models/qwen3-8b.json --input 8192 --format md
           EXIT 0 STDOUT "133.59 TFLOPs")
execute_process(COMMAND ${TALLY} import ${HF}/qwen3-8b.json --format json
                OUTPUT_FILE ${CMAKE_CURRENT_BINARY_DIR}/qwen3_8b_import.json RESULT_VARIABLE import_code)
if(NOT import_code EQUAL 0)
  message(FATAL_ERROR "tally import --format json: exit ${import_code}")
endif()
expect_run(ARGS kv --model ${CMAKE_CURRENT_BINARY_DIR}/qwen3_8b_import.json --tokens 8192 --format md EXIT 0 STDOUT "1.125 GiB")
# The same answer as the op with the spec inline (eval) for a model not in the catalog.
execute_process(COMMAND ${TALLY} import ${HF}/qwen2-7b.json --format json
                OUTPUT_FILE ${CMAKE_CURRENT_BINARY_DIR}/qwen2_7b_import.json)
file(READ ${CMAKE_CURRENT_BINARY_DIR}/qwen2_7b_import.json qwen2_import)
string(JSON qwen2_spec GET "${qwen2_import}" spec)
expect_run(ARGS eval INPUT "{\"op\":\"capacity\",\"model\":${qwen2_spec},\"gpu\":\"h100-sxm\",\"context\":8192}" EXIT 0)
execute_process(COMMAND ${TALLY} eval INPUT_FILE ${CMAKE_CURRENT_BINARY_DIR}/cli_input.json OUTPUT_VARIABLE eval_out)
string(REGEX MATCH "\"requests\":([0-9]+)" _ "${eval_out}")
set(qwen2_requests ${CMAKE_MATCH_1})
if(qwen2_requests STREQUAL "")
  message(FATAL_ERROR "eval capacity with an inline spec gave no requests:\n${eval_out}")
endif()
expect_run(ARGS capacity --model ${HF}/qwen2-7b.json --gpu h100-sxm --context 8192 --format md EXIT 0
           STDOUT "requests: ${qwen2_requests}\n")
expect_run(ARGS kv --model ${CMAKE_CURRENT_LIST_DIR}/no-such-config.json --tokens 1 EXIT 2 STDERR "--model：無法讀取")
expect_run(ARGS kv --model ${CMAKE_CURRENT_BINARY_DIR}/gpt2_config.json --tokens 1 EXIT 2 STDERR "config.model_type")
expect_run(ARGS kv --model ${CMAKE_CURRENT_LIST_DIR}/cli_test.cmake --tokens 1 EXIT 2 STDERR "不是有效的 JSON")

# tally reproduce ch03 (a draft chapter: the ledger sees it, the site does not):
# its measured, published and assumed numbers are counted apart and read from
# content/ch03/data/, and every one agrees with its dataset.
expect_run(ARGS reproduce ch03 EXIT 0 STDOUT "# 第 3 章：由 Tally 核心重算")
expect_run(ARGS reproduce ch03 EXIT 0 STDOUT "- 取自他處：實測 50、公開 63、假設 106；與資料檔相符 219 / 219\n")
expect_run(ARGS reproduce ch03 --format json EXIT 0 STDOUT "\"measured\": 50")
expect_run(ARGS reproduce ch03 --format json EXIT 0 STDOUT "\"source\": \"vllm-replay: reports\\[mode=uniform\\].ttft_p95_s\"")
expect_run(ARGS reproduce ch09 EXIT 2 STDERR "ch02、ch03")
