# Project Identifier: A8A3A33EF075ACEF9B08F5B9845569ECCB423725
# The shared lists as data: tools/bad-inputs.txt (the one catalogue of bad inputs) and
# tools/spellings.txt (the course's spellings of the four modes). The C++ programs that
# read them (tools/compare, the tests) get both texts built in: this rule writes them as
# string literals into build/tools/catalogue-data.h, which tools/catalogue.h includes
# (-I$(BUILD)/tools), so a program finds them from any folder and is rebuilt when a list
# changes. Plain commands, so `make -R -r` makes it too. The bash readers
# (tools/grade/grade, tests/scripts/valgrind-check) read the files through
# tools/catalogue.sh.

$(BUILD)/tools/catalogue-data.h: tools/bad-inputs.txt tools/spellings.txt
	@mkdir -p $(@D)
	@{ echo '// Project Identifier: A8A3A33EF075ACEF9B08F5B9845569ECCB423725'; \
	  echo '// Made by tools/catalogue.mk from tools/bad-inputs.txt and tools/spellings.txt: edit those.'; \
	  echo 'const char kBadInputsText[] = R"catalogue('; cat tools/bad-inputs.txt; echo ')catalogue";'; \
	  echo 'const char kSpellingsText[] = R"catalogue('; cat tools/spellings.txt; echo ')catalogue";'; \
	} > $@.tmp && mv $@.tmp $@
