# Project Identifier: A8A3A33EF075ACEF9B08F5B9845569ECCB423725
# tools/bad-inputs.txt and tools/spellings.txt as string literals in build/tools/catalogue-data.h (read by
# tools/catalogue.h), so that a program finds them from any folder and is rebuilt when a list changes.

$(BUILD)/tools/catalogue-data.h: tools/bad-inputs.txt tools/spellings.txt
	@mkdir -p $(@D)
	@{ echo '// Project Identifier: A8A3A33EF075ACEF9B08F5B9845569ECCB423725'; \
	  echo '// Made by tools/catalogue.mk from tools/bad-inputs.txt and tools/spellings.txt: edit those.'; \
	  echo 'const char kBadInputsText[] = R"catalogue('; cat tools/bad-inputs.txt; echo ')catalogue";'; \
	  echo 'const char kSpellingsText[] = R"catalogue('; cat tools/spellings.txt; echo ')catalogue";'; \
	} > $@.tmp && mv $@.tmp $@
